import { Component, type ReactNode } from 'react';
import i18n from '@/i18n';
import { buttonClass } from '@/components/ui/button-variants';

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">{i18n.t('errorBoundary.title')}</h1>
        <p className="text-muted-foreground">{i18n.t('errorBoundary.text')}</p>
        <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
          {i18n.t('errorBoundary.reload')}
        </button>
      </div>
    );
  }
}
