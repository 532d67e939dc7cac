// Sidebar entries, in the order the spec lists them (Deals, issue 14, after the leads they come from).
export interface NavItem {
  to: string;
  label: string;
  badge?: 'drafts' | 'replies';
}

export const MAIN_NAV: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/suggestions', label: 'AI Suggestions' },
  { to: '/campaigns', label: 'Campaigns' },
  { to: '/campaign-history', label: 'Campaign History' },
  { to: '/drafts', label: 'Drafts', badge: 'drafts' },
  { to: '/leads', label: 'Leads' },
  { to: '/deals', label: 'Deals' },
  { to: '/outreach', label: 'Outreach' },
  { to: '/replies', label: 'Replies', badge: 'replies' },
  { to: '/analytics', label: 'Analytics' },
  { to: '/usage', label: 'Usage & Quotas' },
  { to: '/settings', label: 'Settings' },
];

export const ADMIN_NAV: NavItem[] = [{ to: '/users', label: 'User Management' }];
