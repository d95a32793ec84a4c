import { useCall } from '../../api/hooks';
import { PRECISION_THRESHOLD_KEY } from '../../../../shared/contract';
import { parseThreshold } from './precision';

/** The precision threshold of the default view in force (the default until the setting has been read). */
export function usePrecisionThreshold(): number {
  const setting = useCall('settings.get', { key: PRECISION_THRESHOLD_KEY }, { staleTime: 60_000 });
  return parseThreshold(setting.data?.value);
}
