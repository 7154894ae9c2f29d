/** What other features use of follows: the follow button, counts and lists. */
export { FollowButton } from './FollowButton';
export { useFollowStats } from './useFollow';
export { DiscoverPeopleModal } from './DiscoverPeopleModal';
export { FollowListModal } from './FollowListModal';
