// Sign-in (public). On success the session is stored and the page reloads on /dashboard.
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { login } from '../api/auth.ts';
import { ApiError } from '../api/client.ts';
import { TextField } from '../components/FormFields.tsx';
import { setSession, stashToast, useSession } from '../session.ts';

function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Invalid username or password';
    if (error.fromServer) return error.message;
  }
  return 'An error occurred. Please try again.';
}

export function Login() {
  const session = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (session && !busy) return <Navigate to="/dashboard" replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!username.trim() || !password) {
      setError('Please enter your username and password');
      return;
    }
    setBusy(true);
    try {
      const result = await login(username.trim(), password);
      stashToast('Welcome back!');
      setSession({ access_token: result.access_token, user: result.user });
      // Full page load on /dashboard: every screen starts fresh with the new session.
      window.location.assign('/dashboard');
    } catch (err) {
      setError(loginErrorText(err));
      setBusy(false);
    }
  }

  return (
    <section className="login-page">
      <div className="login-card box">
        <div className="login-brand">
          <span className="brand-mark" aria-hidden="true">
            O
          </span>
          <h1 className="title is-3">Outreach</h1>
        </div>
        <p className="subtitle is-6 has-text-grey has-text-centered">Sign in to your account</p>
        <form onSubmit={submit}>
          {error ? (
            <div className="notification is-danger is-light" role="alert">
              {error}
            </div>
          ) : null}
          <TextField label="Username" value={username} onChange={setUsername} autoComplete="username" required autoFocus />
          <TextField label="Password" type="password" value={password} onChange={setPassword} autoComplete="current-password" required />
          <div className="field mt-5">
            <button type="submit" className={`button is-primary is-fullwidth${busy ? ' is-loading' : ''}`} disabled={busy}>
              Sign in
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
