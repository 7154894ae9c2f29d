import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './app/RequireAuth';
import { RootLayout } from './app/RootLayout';
import { DriverLoginScreen } from './features/auth/DriverLoginScreen';
import { UserLoginScreen } from './features/auth/UserLoginScreen';
import { UserRegisterScreen } from './features/auth/UserRegisterScreen';
import { EmergencyScreen } from './features/emergency/EmergencyScreen';
import { FeedScreen } from './features/feed/FeedScreen';
import { ComingSoon } from './ui/ComingSoon';

/** Screens later issues build; each shows its title until then. Rarely used screens load on demand. */
const comingSoon = (path: string, titleKey: string): RouteObject => ({
  path,
  element: <ComingSoon titleKey={titleKey} />,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/login', element: <DriverLoginScreen /> },
      {
        path: '/register',
        lazy: async () => ({
          Component: (await import('./features/auth/DriverRegisterScreen')).DriverRegisterScreen,
        }),
      },
      { path: '/user/register', element: <UserRegisterScreen /> },
      { path: '/end/user/register', element: <UserRegisterScreen /> },
      { path: '/end/user/login', element: <UserLoginScreen /> },
      {
        path: '/forgot-password',
        lazy: async () => ({
          Component: (await import('./features/auth/ForgotPasswordScreen')).ForgotPasswordScreen,
        }),
      },
      {
        path: '/reset-password/:token',
        lazy: async () => ({
          Component: (await import('./features/auth/ResetPasswordScreen')).ResetPasswordScreen,
        }),
      },
      { path: '/terms', lazy: async () => (await import('./features/legal/TermsPage')).route },
      { path: '/privacy', lazy: async () => (await import('./features/legal/PrivacyPage')).route },
      {
        path: '/driver-id/:cardNo',
        lazy: async () => ({
          Component: (await import('./features/id-card/VerifyCardScreen')).VerifyCardScreen,
        }),
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <FeedScreen /> },
          {
            path: '/user/profile/:userId',
            lazy: async () => ({
              Component: (await import('./features/profile/UserProfileScreen')).UserProfileScreen,
            }),
          },
          { path: '/emergency', element: <EmergencyScreen /> },
          {
            path: '/business',
            lazy: async () => ({
              Component: (await import('./features/business/BusinessScreen')).BusinessScreen,
            }),
          },
          {
            path: '/safety',
            lazy: async () => ({
              Component: (await import('./features/safety/SafetyScreen')).SafetyScreen,
            }),
          },
          comingSoon('/voice-chat', 'screens.voiceChat'),
          {
            path: '/my/profile',
            lazy: async () => ({
              Component: (await import('./features/profile/MyProfileScreen')).MyProfileScreen,
            }),
          },
          comingSoon('/help', 'screens.help'),
          {
            path: '/post/video',
            lazy: async () => ({
              Component: (await import('./features/post/AddVideoScreen')).AddVideoScreen,
            }),
          },
          comingSoon('/send/audio', 'screens.sendAudio'),
          comingSoon('/salah', 'screens.salah'),
          comingSoon('/location', 'screens.location'),
          {
            path: '/notification',
            lazy: async () => ({
              Component: (await import('./features/notifications/NotificationsScreen'))
                .NotificationsScreen,
            }),
          },
          comingSoon('/admin', 'screens.admin'),
        ],
      },
      {
        path: '*',
        element: <ComingSoon titleKey="screens.notFound" textKey="errors.route_not_found" />,
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
