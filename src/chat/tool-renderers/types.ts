// The shapes of tool parts (the AI SDK's) and of tool outputs: the server's types (core/chat/output-types.ts).
export type { ConfirmationInfo as ConfirmationView, ToolOutcome as ToolOutput, ToolRefusalCode } from '../../../core/chat/output-types.ts';
import type { ToolOutcome } from '../../../core/chat/output-types.ts';

export interface ToolPart {
  type: string;
  toolName?: string;
  toolCallId: string;
  state: 'input-streaming' | 'input-available' | 'output-available' | 'output-error' | 'output-denied' | 'approval-requested' | 'approval-responded';
  input?: unknown;
  output?: ToolOutcome;
  errorText?: string;
}

export function isToolPart(part: { type: string }): part is ToolPart {
  return part.type.startsWith('tool-') || part.type === 'dynamic-tool';
}
