// The chat surface: ChatPanel (inline on /search, height from the parent; or floating) and FloatingChat
// (open button fixed bottom-right). Later flows add widgets with registerToolRenderer.
export { ChatPanel, type ChatPanelProps } from './chat-panel.tsx';
export { FloatingChat } from './floating-chat.tsx';
export { registerToolRenderer, type ToolRendererProps } from './tool-renderers/registry.tsx';
export { OptionButtons } from './tool-renderers/option-buttons.tsx';
export { useAttachChatSession } from './attach-session.ts';
