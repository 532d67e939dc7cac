// Route table (core-area.md section 2): two public pages, everything else inside the
// authenticated layout.
import { lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Layout } from './layout/Layout.tsx';
import { Login } from './screens/Login.tsx';
import { NotFound } from './screens/NotFound.tsx';
import { OAuthCallback } from './screens/OAuthCallback.tsx';

// Each screen is its own chunk, loaded when first opened (Layout shows the shell meanwhile).
const Analytics = lazy(() => import('./screens/Analytics.tsx').then((m) => ({ default: m.Analytics })));
const CampaignHistory = lazy(() => import('./screens/CampaignHistory.tsx').then((m) => ({ default: m.CampaignHistory })));
const Campaigns = lazy(() => import('./screens/Campaigns.tsx').then((m) => ({ default: m.Campaigns })));
const Dashboard = lazy(() => import('./screens/Dashboard.tsx').then((m) => ({ default: m.Dashboard })));
const Deals = lazy(() => import('./screens/Deals.tsx').then((m) => ({ default: m.Deals })));
const Drafts = lazy(() => import('./screens/Drafts.tsx').then((m) => ({ default: m.Drafts })));
const LeadDetail = lazy(() => import('./screens/LeadDetail.tsx').then((m) => ({ default: m.LeadDetail })));
const Leads = lazy(() => import('./screens/Leads.tsx').then((m) => ({ default: m.Leads })));
const Outreach = lazy(() => import('./screens/Outreach.tsx').then((m) => ({ default: m.Outreach })));
const Replies = lazy(() => import('./screens/Replies.tsx').then((m) => ({ default: m.Replies })));
const Settings = lazy(() => import('./screens/Settings.tsx').then((m) => ({ default: m.Settings })));
const Suggestions = lazy(() => import('./screens/Suggestions.tsx').then((m) => ({ default: m.Suggestions })));
const Usage = lazy(() => import('./screens/Usage.tsx').then((m) => ({ default: m.Usage })));
const Users = lazy(() => import('./screens/Users.tsx').then((m) => ({ default: m.Users })));

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="/oauth2/google-ads/callback" element={<OAuthCallback />} />
        <Route path="/" element={<Layout />}>
          <Route index element={<Navigate to="/dashboard" replace />} />
          <Route path="dashboard" element={<Dashboard />} />
          <Route path="campaigns" element={<Campaigns />} />
          <Route path="campaign-history" element={<CampaignHistory />} />
          <Route path="suggestions" element={<Suggestions />} />
          <Route path="drafts" element={<Drafts />} />
          <Route path="leads" element={<Leads />} />
          <Route path="leads/:id" element={<LeadDetail />} />
          <Route path="deals" element={<Deals />} />
          <Route path="outreach" element={<Outreach />} />
          <Route path="replies" element={<Replies />} />
          <Route path="analytics" element={<Analytics />} />
          <Route path="usage" element={<Usage />} />
          <Route path="settings" element={<Settings />} />
          <Route path="users" element={<Users />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
