// The small pieces that show why something is true: a confidence tag, a link to the page that
// proves it, and a proof line (what was seen, where, how sure). Everything is rendered as text.
import { confidenceLevel, pagePath, safeHref, type Proof } from './evidence.ts';
import './evidence.css';

const LEVEL_CLASS = { high: 'is-success', medium: 'is-info', low: 'is-warning' } as const;

export function ConfidenceTag({ confidence }: { confidence: number }) {
  const level = confidenceLevel(confidence);
  return (
    <span className={`tag is-light is-rounded confidence-tag ${LEVEL_CLASS[level]}`} title={`Confidence ${Math.round(confidence * 100)}%`} data-level={level}>
      {level}
    </span>
  );
}

/** The page as its path ('/contact', or 'home page'), opening the real page in a new tab; plain text if it is not http(s). */
export function PageLink({ url }: { url: string }) {
  const href = safeHref(url);
  const path = pagePath(url);
  const text = path === '/' ? 'home page' : path;
  if (!href) return <span className="evidence-page">{text}</span>;
  return (
    <a className="evidence-page" href={href} target="_blank" rel="noopener noreferrer" title={url}>
      {text}
    </a>
  );
}

/** What proves a fact: the detail, the page and the confidence. */
export function ProofLine({ proof }: { proof: Proof | undefined }) {
  if (!proof) return <span className="evidence-none">No evidence recorded</span>;
  return (
    <span className="evidence-line">
      <span className="evidence-detail">{proof.detail}</span>
      <span className="evidence-meta">
        <PageLink url={proof.url} />
        <ConfidenceTag confidence={proof.confidence} />
      </span>
    </span>
  );
}
