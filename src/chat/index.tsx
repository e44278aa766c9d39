// Temporary placeholder: replaced by the chat surface (ChatPanel, FloatingChat) in this same change.
export function ChatPanel(_props: { variant: 'inline' | 'floating'; onClose?: () => void }) {
  return null;
}
export function FloatingChat() {
  return null;
}
