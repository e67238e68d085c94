import type { PlatformBridge } from './platform';

/** Where an update stands: offered, downloading, installing, done, or failed at one of the two steps (docs/product.md §8's two messages). */
export type UpdatePhase = 'offer' | 'downloading' | 'installing' | 'done' | 'downloadError' | 'installError';

/**
 * Runs an update through the bridge: download the link, install it, restart. Each phase is told to
 * `onPhase`; the last one is answered (done, downloadError or installError). Never throws.
 */
export async function runUpdate(
  bridge: PlatformBridge,
  link: string,
  onPhase: (phase: UpdatePhase) => void,
): Promise<UpdatePhase> {
  const end = (phase: UpdatePhase) => {
    onPhase(phase);
    return phase;
  };
  onPhase('downloading');
  let file: string;
  try {
    file = await bridge.download(link);
  } catch {
    return end('downloadError');
  }
  onPhase('installing');
  try {
    await bridge.install(file);
  } catch {
    return end('installError');
  }
  end('done');
  bridge.restart();
  return 'done';
}
