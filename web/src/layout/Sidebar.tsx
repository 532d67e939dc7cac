// Sidebar navigation: fixed on large screens, a slide-over panel on small ones.
import { NavLink } from 'react-router';
import { ADMIN_NAV, MAIN_NAV, type NavItem } from './nav.ts';

interface SidebarProps {
  isAdmin: boolean;
  open: boolean;
  onNavigate: () => void;
}

// The drafts API is not built yet: the badge shows 0 until it is.
const PENDING_DRAFTS = 0;

function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate: () => void }) {
  return (
    <ul className="menu-list">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} onClick={onNavigate} className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
            <span className="nav-label">{item.label}</span>
            {item.badge === 'drafts' ? (
              <span className="tag is-rounded nav-badge" aria-label={`${PENDING_DRAFTS} pending drafts`}>
                {PENDING_DRAFTS}
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Sidebar({ isAdmin, open, onNavigate }: SidebarProps) {
  return (
    <aside id="app-sidebar" className={`app-sidebar${open ? ' is-open' : ''}`} aria-label="Main navigation">
      <div className="sidebar-brand">
        <span className="brand-mark" aria-hidden="true">
          O
        </span>
        <span className="brand-name">Outreach</span>
      </div>
      <nav className="menu">
        <NavList items={MAIN_NAV} onNavigate={onNavigate} />
        {isAdmin ? (
          <>
            <p className="menu-label">Administration</p>
            <NavList items={ADMIN_NAV} onNavigate={onNavigate} />
          </>
        ) : null}
      </nav>
    </aside>
  );
}
