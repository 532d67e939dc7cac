// Stand-in for a screen whose capability is not built yet: the title and one line, no fake data.
import { PageHeader } from './PageHeader.tsx';

export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="notification is-light coming-soon">Coming in this release.</div>
    </>
  );
}
