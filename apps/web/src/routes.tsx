import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyScreen as screen } from './app/lazyScreen';
import { RequireAuth } from './app/RequireAuth';
import { RootLayout } from './app/RootLayout';
import type { AuthRole } from './features/auth/authRole';

const signIn = (role: AuthRole) =>
  screen(async () => {
    const { SignInScreen } = await import('./features/auth/SignInScreen');
    return function RoleSignIn() {
      return <SignInScreen role={role} />;
    };
  });

const signUp = (role: AuthRole) =>
  screen(async () => {
    const { SignUpScreen } = await import('./features/auth/SignUpScreen');
    return function RoleSignUp() {
      return <SignUpScreen role={role} />;
    };
  });

const userRegister = signUp('user');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/login', lazy: signIn('driver') },
      { path: '/register', lazy: signUp('driver') },
      { path: '/user/register', lazy: userRegister },
      { path: '/end/user/register', lazy: userRegister },
      { path: '/end/user/login', lazy: signIn('user') },
      {
        path: '/forgot-password',
        lazy: screen(
          async () => (await import('./features/auth/ForgotPasswordScreen')).ForgotPasswordScreen,
        ),
      },
      {
        path: '/reset-password/:token',
        lazy: screen(
          async () => (await import('./features/auth/ResetPasswordScreen')).ResetPasswordScreen,
        ),
      },
      { path: '/terms', lazy: async () => (await import('./features/legal/TermsPage')).route },
      { path: '/privacy', lazy: async () => (await import('./features/legal/PrivacyPage')).route },
      {
        path: '/driver-id/:cardNo',
        lazy: screen(
          async () => (await import('./features/id-cards/VerifyCardScreen')).VerifyCardScreen,
          ['idcard'],
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/',
            lazy: screen(async () => (await import('./features/feed/FeedScreen')).FeedScreen),
          },
          {
            path: '/user/profile/:userId',
            lazy: screen(
              async () => (await import('./features/profiles/UserProfileScreen')).UserProfileScreen,
            ),
          },
          {
            path: '/emergency',
            lazy: screen(
              async () => (await import('./features/help/EmergencyScreen')).EmergencyScreen,
              ['help'],
            ),
          },
          {
            path: '/business',
            lazy: screen(
              async () => (await import('./features/directory/BusinessScreen')).BusinessScreen,
              ['directory'],
            ),
          },
          {
            path: '/safety',
            lazy: screen(
              async () => (await import('./features/directory/SafetyScreen')).SafetyScreen,
              ['directory'],
            ),
          },
          {
            path: '/voice-chat',
            lazy: screen(
              async () => (await import('./features/voice/VoiceChatScreen')).VoiceChatScreen,
              ['voice'],
            ),
          },
          {
            path: '/my/profile',
            lazy: screen(
              async () => (await import('./features/profiles/MyProfileScreen')).MyProfileScreen,
              ['verification', 'location', 'vault', 'idcard', 'account'],
            ),
          },
          {
            path: '/my/account/delete',
            lazy: screen(
              async () =>
                (await import('./features/account/DeleteAccountScreen')).DeleteAccountScreen,
              ['account'],
            ),
          },
          {
            path: '/help',
            lazy: screen(
              async () => (await import('./features/help/HelpScreen')).HelpScreen,
              ['help'],
            ),
          },
          {
            path: '/post/video',
            lazy: screen(
              async () => (await import('./features/post/AddVideoScreen')).AddVideoScreen,
            ),
          },
          {
            path: '/send/audio',
            lazy: screen(
              async () =>
                (await import('./features/voice/VoiceRecorderScreen')).VoiceRecorderScreen,
              ['voice'],
            ),
          },
          {
            path: '/salah',
            lazy: screen(
              async () => (await import('./features/salah/SalahScreen')).SalahScreen,
              ['salah'],
            ),
          },
          {
            path: '/location',
            lazy: screen(
              async () => (await import('./features/location/LocationScreen')).LocationScreen,
              ['location'],
            ),
          },
          {
            path: '/notification',
            lazy: screen(
              async () =>
                (await import('./features/notifications/NotificationsScreen')).NotificationsScreen,
            ),
          },
          {
            path: '/admin/*',
            lazy: screen(
              async () => (await import('./features/admin/adminRoutes')).AdminConsole,
              ['admin'],
            ),
          },
        ],
      },
      {
        path: '*',
        lazy: screen(async () => (await import('./ui/NotFound')).NotFound),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
