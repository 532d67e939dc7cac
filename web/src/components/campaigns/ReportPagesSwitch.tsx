// A campaign's report_pages switch: whether the first email links each audited lead's
// personal report page (the create-campaign modal and the campaign's Sequence modal).
import { Switch } from '../Switch.tsx';

/** The campaign's report_pages switch (also in the campaign's Sequence modal). */
export function ReportPagesSwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Switch
      label="Report page for each lead"
      checked={checked}
      onChange={onChange}
      help="The first email links a private page with the lead's own site on a phone and a desktop and its measured numbers (leads whose site was audited)."
    />
  );
}
