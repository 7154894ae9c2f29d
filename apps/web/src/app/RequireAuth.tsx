import { Navigate, Outlet } from 'react-router';
import { useToken } from '../api/token';

/** Signed-in screens: without a token the spec sends the visitor to /login. */
export function RequireAuth() {
  return useToken() ? <Outlet /> : <Navigate to="/login" replace />;
}
