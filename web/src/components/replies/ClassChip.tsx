// A reply's class as a chip; clicking it opens the one-click correction menu.
import { useEffect, useRef, useState } from 'react';
import type { ReplyClass } from '../../../../src/core/model/reply-classes.ts';
import type { ReplyItem } from '../../api/replies.ts';
import { CLASS_COLOURS, CLASS_LABELS, CLASS_OPTIONS } from './replyFormat.ts';

export function ClassChip({ reply, onCorrect }: { reply: ReplyItem; onCorrect: (cls: ReplyClass) => void }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent) => !box.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const label = reply.class ? CLASS_LABELS[reply.class] : 'Unclassified';
  const title = reply.classify_error ?? (reply.class_source === 'operator' ? 'Corrected by an operator' : 'Classified by the AI provider: click to correct');
  return (
    <div className={`dropdown reply-class${open ? ' is-active' : ''}`} ref={box}>
      <button
        type="button"
        className={`tag is-rounded ${reply.class ? CLASS_COLOURS[reply.class] : 'is-white has-text-grey'}`}
        title={title}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Class: ${label}. Change it`}
        onClick={(event) => {
          event.stopPropagation();
          setOpen((v) => !v);
        }}
      >
        {label}
        {reply.class_source === 'operator' ? ' ✓' : ''} ▾
      </button>
      <div className="dropdown-menu" role="menu">
        <div className="dropdown-content">
          {CLASS_OPTIONS.map((o) => (
            <button
              key={o.value}
              type="button"
              role="menuitem"
              className={`dropdown-item button is-white is-small${o.value === reply.class ? ' is-active' : ''}`}
              onClick={(event) => {
                event.stopPropagation();
                setOpen(false);
                if (o.value !== reply.class || reply.class_source !== 'operator') onCorrect(o.value);
              }}
            >
              {o.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
