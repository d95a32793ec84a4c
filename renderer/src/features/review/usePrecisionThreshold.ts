import { useCall } from '../../api/hooks';
import { PRECISION_THRESHOLD_KEY } from '../../../../shared/contract';
import { parseThreshold } from './precision';

/**
 * The precision threshold of the default view in force, and whether the setting has been read yet
 * (until then `threshold` is the default; a view that lists rows by it waits for `known`, so its rows
 * and its active row do not change under the editor when the setting arrives).
 */
export function usePrecisionThresholdSetting(): { threshold: number; known: boolean } {
  const setting = useCall('settings.get', { key: PRECISION_THRESHOLD_KEY }, { staleTime: 60_000 });
  // a failed read falls back to the default rather than holding the view empty
  return { threshold: parseThreshold(setting.data?.value), known: setting.isSuccess || setting.isError };
}

/** The precision threshold of the default view in force (the default until the setting has been read). */
export function usePrecisionThreshold(): number {
  return usePrecisionThresholdSetting().threshold;
}
