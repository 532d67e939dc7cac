// Labels and colours of the reply classes and sentiments (the chips and the correction menu).
import type { ReplyClass, Sentiment } from '../../../../src/core/model/reply-classes.ts';
import { REPLY_CLASSES } from '../../../../src/core/model/reply-classes.ts';

export const CLASS_LABELS: Record<ReplyClass, string> = {
  interested: 'Interested',
  meeting_request: 'Meeting request',
  question: 'Question',
  not_interested: 'Not interested',
  unsubscribe: 'Unsubscribe',
  out_of_office: 'Out of office',
  wrong_person: 'Wrong person',
  bounce: 'Bounce',
};

export const CLASS_COLOURS: Record<ReplyClass, string> = {
  interested: 'is-success',
  meeting_request: 'is-primary',
  question: 'is-info',
  not_interested: 'is-warning',
  unsubscribe: 'is-danger',
  out_of_office: 'is-light',
  wrong_person: 'is-link is-light',
  bounce: 'is-dark',
};

export const SENTIMENT_LABELS: Record<Sentiment, string> = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' };
export const SENTIMENT_COLOURS: Record<Sentiment, string> = { positive: 'has-text-success-dark', neutral: 'has-text-grey', negative: 'has-text-danger-dark' };

export const CLASS_OPTIONS = REPLY_CLASSES.map((c) => ({ value: c, label: CLASS_LABELS[c] }));
