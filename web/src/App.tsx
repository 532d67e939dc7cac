// Route table (core-area.md section 2): two public pages, everything else inside the
// authenticated layout.
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Layout } from './layout/Layout.tsx';
import { Analytics } from './screens/Analytics.tsx';
import { CampaignHistory } from './screens/CampaignHistory.tsx';
import { Campaigns } from './screens/Campaigns.tsx';
import { Dashboard } from './screens/Dashboard.tsx';
import { Drafts } from './screens/Drafts.tsx';
import { LeadDetail } from './screens/LeadDetail.tsx';
import { Leads } from './screens/Leads.tsx';
import { Login } from './screens/Login.tsx';
import { NotFound } from './screens/NotFound.tsx';
import { OAuthCallback } from './screens/OAuthCallback.tsx';
import { Outreach } from './screens/Outreach.tsx';
import { Settings } from './screens/Settings.tsx';
import { Suggestions } from './screens/Suggestions.tsx';
import { Usage } from './screens/Usage.tsx';
import { Users } from './screens/Users.tsx';

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
          <Route path="outreach" element={<Outreach />} />
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
