// Top bar: the menu button (small screens) and the user menu.
import { useEffect, useRef, useState } from 'react';
import type { User } from '../session.ts';
import { ROLE_LABELS } from '../format.ts';

interface TopBarProps {
  user: User;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : name.slice(0, 2);
  return letters.toUpperCase();
}

export function TopBar({ user, menuOpen, onToggleMenu, onChangePassword, onLogout }: TopBarProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const displayName = user.full_name?.trim() || user.username;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <header className="app-topbar">
      <button
        type="button"
        className={`navbar-burger topbar-burger${menuOpen ? ' is-active' : ''}`}
        aria-label="Toggle navigation"
        aria-expanded={menuOpen}
        aria-controls="app-sidebar"
        onClick={onToggleMenu}
      >
        <span aria-hidden="true" />
        <span aria-hidden="true" />
        <span aria-hidden="true" />
        <span aria-hidden="true" />
      </button>
      <span className="topbar-brand">Outreach</span>
      <div className="topbar-spacer" />
      <div ref={ref} className={`dropdown is-right${open ? ' is-active' : ''}`}>
        <div className="dropdown-trigger">
          <button type="button" className="button is-white user-button" aria-haspopup="menu" aria-expanded={open} aria-label="User menu" onClick={() => setOpen((value) => !value)}>
            <span className="avatar" aria-hidden="true">
              {initials(displayName)}
            </span>
            <span className="user-button-name">{displayName}</span>
            <span className="caret" aria-hidden="true">
              ▾
            </span>
          </button>
        </div>
        <div className="dropdown-menu" role="menu">
          <div className="dropdown-content">
            <div className="dropdown-item user-summary">
              <p className="has-text-weight-semibold">{displayName}</p>
              <p className="is-size-7 has-text-grey">{user.email}</p>
              <span className={`tag is-small mt-1 ${user.role === 'admin' ? 'is-link is-light' : 'is-light'}`}>{ROLE_LABELS[user.role] ?? 'User'}</span>
            </div>
            <hr className="dropdown-divider" />
            <button
              type="button"
              role="menuitem"
              className="dropdown-item button is-white menu-action"
              onClick={() => {
                setOpen(false);
                onChangePassword();
              }}
            >
              Change Password
            </button>
            <button
              type="button"
              role="menuitem"
              className="dropdown-item button is-white menu-action"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              Logout
            </button>
          </div>
        </div>
      </div>
    </header>
  );
}
