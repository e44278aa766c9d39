// An academy lesson's text as React elements (never HTML): headings, paragraphs, lists, bold, and the live
// commission plan where the text says [LEVELS]; placeholders filled with the figures in force (decision 083).
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fillLesson, lessonValues, parseLesson, type LessonFigures, type Span } from '../../../core/affiliate/lesson.ts';
import { levelShareOfRevenue, LEVELS } from '../../../core/affiliate/commission-plan.ts';
import { PlanTable } from './plan-table';

function Spans({ spans }: { spans: Span[] }) {
  return <>{spans.map((s, i) => (s.bold ? <strong key={i}>{s.text}</strong> : <Fragment key={i}>{s.text}</Fragment>))}</>;
}

export function LessonBody({ body, figures }: { body: string; figures: LessonFigures }) {
  const { i18n } = useTranslation('affiliate');
  const lang = i18n.resolvedLanguage ?? 'de';
  const blocks = useMemo(() => parseLesson(fillLesson(body, lessonValues(figures, lang))), [body, figures, lang]);
  const plan = useMemo(
    () => ({
      poolBp: figures.plan.poolBp,
      levels: Array.from({ length: LEVELS }, (_, i) => ({
        level: i + 1,
        bp: figures.plan.levelsBp[i] ?? 0,
        shareOfRevenueBp: levelShareOfRevenue(figures.plan, i + 1),
      })),
    }),
    [figures.plan],
  );
  return (
    <div className="flex flex-col gap-3 text-sm leading-relaxed" data-testid="lesson-body">
      {blocks.map((b, i) => {
        if (b.kind === 'heading')
          return (
            <h3 key={i} className="pt-2 text-base font-semibold">
              <Spans spans={b.spans} />
            </h3>
          );
        if (b.kind === 'paragraph')
          return (
            <p key={i}>
              <Spans spans={b.spans} />
            </p>
          );
        if (b.kind === 'levels') return <PlanTable key={i} plan={plan} failed={false} />;
        const List = b.ordered ? 'ol' : 'ul';
        return (
          <List key={i} className={`flex flex-col gap-1 pl-5 ${b.ordered ? 'list-decimal' : 'list-disc'}`}>
            {b.items.map((item, j) => (
              <li key={j}>
                <Spans spans={item} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
