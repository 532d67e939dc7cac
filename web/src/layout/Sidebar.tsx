// Sidebar navigation: fixed on large screens, a slide-over panel on small ones.
import { NavLink } from 'react-router';
import { useDraftCount } from '../api/drafts.ts';
import { useUnreadReplies } from '../api/replies.ts';
import { ADMIN_NAV, MAIN_NAV, type NavItem } from './nav.ts';

interface SidebarProps {
  isAdmin: boolean;
  open: boolean;
  onNavigate: () => void;
}

function DraftsBadge() {
  const count = useDraftCount();
  return (
    <span className="tag is-rounded nav-badge" aria-label={`${count} pending drafts`}>
      {count}
    </span>
  );
}

function RepliesBadge() {
  const count = useUnreadReplies();
  return (
    <span className={`tag is-rounded nav-badge${count ? ' is-info' : ''}`} aria-label={`${count} unread replies`}>
      {count}
    </span>
  );
}

function NavList({ items, onNavigate }: { items: NavItem[]; onNavigate: () => void }) {
  return (
    <ul className="menu-list">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} onClick={onNavigate} className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
            <span className="nav-label">{item.label}</span>
            {item.badge === 'drafts' ? <DraftsBadge /> : item.badge === 'replies' ? <RepliesBadge /> : null}
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
