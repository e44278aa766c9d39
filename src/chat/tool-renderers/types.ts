// The shapes of tool parts and outputs as the server sends them (server/chat/tools/outcome.ts).
export interface ConfirmationView {
  id: string;
  status: 'pending' | 'confirmed' | 'cancelled' | 'failed' | 'expired';
  summary: { key: string; params: Record<string, string | number> };
  result?: ToolOutput;
}

export interface ToolOutput {
  accepted: boolean;
  reason?: string;
  state?: string;
  data?: Record<string, unknown>;
  options?: string[];
  confirmation?: ConfirmationView;
}

export interface ToolPart {
  type: string;
  toolName?: string;
  toolCallId: string;
  state: 'input-streaming' | 'input-available' | 'output-available' | 'output-error' | 'output-denied' | 'approval-requested' | 'approval-responded';
  input?: unknown;
  output?: ToolOutput;
  errorText?: string;
}

export function isToolPart(part: { type: string }): part is ToolPart {
  return part.type.startsWith('tool-') || part.type === 'dynamic-tool';
}
