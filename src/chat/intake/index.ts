export { IntakeWidget, INTAKE_TOOL_NAMES, registerIntakeRenderers } from './intake-widget.tsx';
export { formOutput } from './category-forms.ts';
export { summaryEditOutput } from './summary-edit.ts';
