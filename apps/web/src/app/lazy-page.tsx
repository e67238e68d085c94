import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@app/contract';
import { DelayedLoading, PageLoadError } from '../components/page-state';
import type { PageLoader } from './route-table';

/** A page's code failed to load, or took longer than CHUNK_LOAD_TIMEOUT_MS (docs/product.md §8). */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(
      () => reject(new ChunkLoadError(`Loading the page took longer than ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(
          error instanceof ChunkLoadError ? error : new ChunkLoadError('Loading the page failed', { cause: error }),
        );
      },
    );
  });
}

/** One lazy component per loader, created once (React.lazy must not be re-created per render). */
const cache = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

export function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let page = cache.get(loader);
  if (!page) {
    page = lazy(() => withChunkTimeout(loader, CHUNK_LOAD_TIMEOUT_MS));
    cache.set(loader, page);
  }
  return page;
}

interface BoundaryState {
  error: Error | null;
}

/**
 * Shows the error placeholder when a page fails to load or throws while rendering. With
 * `onReset` (a lazy page), retrying tries again in place; without, it reloads the document.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; onReset?: () => void }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(
      error.name === 'ChunkLoadError' ? 'ChunkLoadError' : 'Page error',
      error,
      error.cause,
      info.componentStack,
    );
  }

  override render() {
    if (this.state.error) {
      const { onReset } = this.props;
      // A failed chunk import stays failed in React.lazy's cache: a new lazy component (onReset)
      // imports it anew, else reloading does.
      const retry = onReset
        ? () => {
            onReset();
            this.setState({ error: null });
          }
        : () => window.location.reload();
      return <PageLoadError onRetry={retry} />;
    }
    return this.props.children;
  }
}

/** A lazily loaded page with the 200 ms delayed loading placeholder and the error placeholder. */
export function LazyPage({ loader }: { loader: PageLoader }) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyPage(loader);
  const reset = () => {
    cache.delete(loader);
    setAttempt(attempt + 1);
  };
  return (
    <PageErrorBoundary key={attempt} onReset={reset}>
      {/* A page's code has its own timeout (CHUNK_LOAD_TIMEOUT_MS), which the boundary shows. */}
      <Suspense fallback={<DelayedLoading timeoutMs={null} />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
