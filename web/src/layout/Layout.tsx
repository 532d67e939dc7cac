// The authenticated shell: sidebar, top bar and the current screen. Without a session it
// sends the visitor to /login.
import { Suspense, useCallback, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { useMe } from '../api/auth.ts';
import { ChangePasswordDialog } from '../components/ChangePasswordDialog.tsx';
import { useLiveChannel } from '../live.ts';
import { clearSession, useSession } from '../session.ts';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';

export function Layout() {
  const session = useSession();
  useMe();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeDialog = useCallback(() => setChangingPassword(false), []);
  useLiveChannel(session?.access_token);

  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;

  const logout = () => {
    clearSession();
    // Forget every cached answer: they belong to the user who just left.
    void mutate(() => true, undefined, { revalidate: false });
    navigate('/login', { replace: true });
  };

  return (
    <div className="app-shell">
      <Sidebar isAdmin={session.user.role === 'admin'} open={menuOpen} onNavigate={closeMenu} />
      {menuOpen ? <div className="sidebar-backdrop" onClick={closeMenu} aria-hidden="true" /> : null}
      <div className="app-main">
        <TopBar
          user={session.user}
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((value) => !value)}
          onChangePassword={() => setChangingPassword(true)}
          onLogout={logout}
        />
        <main className="app-content">
          <Suspense fallback={<progress className="progress is-small is-link" aria-label="Loading" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {changingPassword ? <ChangePasswordDialog onClose={closeDialog} /> : null}
    </div>
  );
}
