import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './app/RequireAuth';
import { RootLayout } from './app/RootLayout';
import { DriverLoginScreen } from './features/auth/DriverLoginScreen';
import { UserLoginScreen } from './features/auth/UserLoginScreen';
import { UserRegisterScreen } from './features/auth/UserRegisterScreen';
import { EmergencyScreen } from './features/emergency/EmergencyScreen';
import { adminRoute } from './features/admin/adminRoutes';
import { FeedScreen } from './features/feed/FeedScreen';
import { ComingSoon } from './ui/ComingSoon';

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
          {
            path: '/voice-chat',
            lazy: async () => ({
              Component: (await import('./features/voice/VoiceChatScreen')).VoiceChatScreen,
            }),
          },
          {
            path: '/my/profile',
            lazy: async () => ({
              Component: (await import('./features/profile/MyProfileScreen')).MyProfileScreen,
            }),
          },
          {
            path: '/help',
            lazy: async () => ({
              Component: (await import('./features/help/HelpScreen')).HelpScreen,
            }),
          },
          {
            path: '/post/video',
            lazy: async () => ({
              Component: (await import('./features/post/AddVideoScreen')).AddVideoScreen,
            }),
          },
          {
            path: '/send/audio',
            lazy: async () => ({
              Component: (await import('./features/voice/VoiceRecorderScreen')).VoiceRecorderScreen,
            }),
          },
          {
            path: '/salah',
            lazy: async () => ({
              Component: (await import('./features/salah/SalahScreen')).SalahScreen,
            }),
          },
          {
            path: '/location',
            lazy: async () => ({
              Component: (await import('./features/location/LocationScreen')).LocationScreen,
            }),
          },
          {
            path: '/notification',
            lazy: async () => ({
              Component: (await import('./features/notifications/NotificationsScreen'))
                .NotificationsScreen,
            }),
          },
          adminRoute,
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
