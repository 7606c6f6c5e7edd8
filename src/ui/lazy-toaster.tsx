/**
 * The Radix toast code loads only when there is something to say (and is
 * prefetched while the respondent reads), keeping it out of the first load.
 */
import { lazy, Suspense } from "react";
import type { ToastMessage } from "./toast.tsx";

export const loadToaster = () => import("./toast.tsx");

const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

export function LazyToaster({ toast, onClose }: { toast: ToastMessage | null; onClose: () => void }) {
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <Toaster toast={toast} onClose={onClose} />
    </Suspense>
  );
}
