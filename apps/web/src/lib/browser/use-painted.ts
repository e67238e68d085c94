import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';

/** False on a component's first render, true once the frame that shows it has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
