/** Messages of the admin console's reports queue; spread into `messages`. */
export const moderationMessages = {
  report_none_open: 'This post has no open reports',
  reports_dismissed: 'Reports dismissed. The post stays up.',
  post_removed: 'Post removed',
  post_removed_author_blocked: 'Post removed and its author blocked',
} as const;
