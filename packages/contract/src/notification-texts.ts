import type { NotificationKind, NotificationNotice } from './notifications.js';

/**
 * Titles of notifications, in every language the app speaks. The web app merges them into
 * its i18n resources (`notifications.kind.*`); the server uses them for Web Push, which
 * is composed before any page is open. {{name}} is the actor's name.
 */
export const notificationTitles: Record<'en' | 'hi', Record<NotificationKind, string>> = {
  en: {
    follow: '{{name}} started following you',
    like: '{{name}} liked your post',
    comment: '{{name}} commented on your post',
    mention: '{{name}} mentioned you in a comment',
    help_answered: 'Our team answered your help request',
    help_request: '{{name}} asked the team for help',
    document_expiring: 'A document in your vault expires soon',
    report_outcome: 'We reviewed the post you reported',
    verification: 'Your driver verification was updated',
    salah: 'Time for Dhuhr prayer',
    data_export: 'Your data is ready to download (for 24 hours)',
  },
  hi: {
    follow: '{{name}} ने आपको फ़ॉलो करना शुरू किया',
    like: '{{name}} को आपकी पोस्ट पसंद आई',
    comment: '{{name}} ने आपकी पोस्ट पर टिप्पणी की',
    mention: '{{name}} ने एक टिप्पणी में आपका ज़िक्र किया',
    help_answered: 'हमारी टीम ने आपके मदद अनुरोध का जवाब दिया',
    help_request: '{{name}} ने टीम से मदद माँगी',
    document_expiring: 'आपके वॉल्ट का एक दस्तावेज़ जल्द ही समाप्त हो रहा है',
    report_outcome: 'आपकी रिपोर्ट की गई पोस्ट की हमने जाँच कर ली है',
    verification: 'आपके ड्राइवर सत्यापन की स्थिति बदली है',
    salah: 'ज़ुहर की नमाज़ का समय',
    data_export: 'आपका डेटा डाउनलोड के लिए तैयार है (24 घंटे तक)',
  },
};

/**
 * The sentences behind notice codes, merged into the web app's i18n resources
 * (`notifications.notice.*`) and used for Web Push bodies. {{reason}} is the team's reason.
 */
export const notificationNotices: Record<'en' | 'hi', Record<NotificationNotice, string>> = {
  en: {
    report_dismissed:
      'The post does not break our rules, so it stays up. Thank you for telling us.',
    report_removed: 'The post was removed. Thank you for keeping the community safe.',
    driver_verified: 'Your driver account is verified.',
    driver_rejected: 'Your driver verification was rejected: {{reason}}',
  },
  hi: {
    report_dismissed: 'यह पोस्ट हमारे नियम नहीं तोड़ती, इसलिए यह बनी रहेगी। हमें बताने के लिए धन्यवाद।',
    report_removed: 'पोस्ट हटा दी गई। समुदाय को सुरक्षित रखने के लिए धन्यवाद।',
    driver_verified: 'आपका ड्राइवर खाता सत्यापित हो गया है।',
    driver_rejected: 'आपका ड्राइवर सत्यापन अस्वीकार किया गया: {{reason}}',
  },
};
