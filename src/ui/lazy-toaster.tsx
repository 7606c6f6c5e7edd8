/**
 * The Radix toast code loads only when there is something to say (and is
 * prefetched while the respondent reads), keeping it out of the first load.
 * Once loaded it renders directly: going through Suspense again would hold
 * the first notice back by React's ~300 ms reveal throttle.
 */
import { lazy, Suspense } from "react";
import type { ToastMessage } from "./toast.tsx";

type ToastModule = typeof import("./toast.tsx");

let loaded: ToastModule | undefined;

export const loadToaster = (): Promise<ToastModule> =>
  import("./toast.tsx").then((module) => (loaded = module));

const SuspendingToaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

type ToasterProps = Parameters<ToastModule["Toaster"]>[0];

export function LazyToaster(props: Omit<ToasterProps, "toast"> & { toast: ToastMessage | null }) {
  const { toast } = props;
  if (!toast) return null;
  if (loaded) return <loaded.Toaster {...props} toast={toast} />;
  return (
    <Suspense fallback={null}>
      <SuspendingToaster {...props} toast={toast} />
    </Suspense>
  );
}
