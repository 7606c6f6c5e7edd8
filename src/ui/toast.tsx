/**
 * One notice at a time, bottom of the screen, fixed so it never shifts the
 * layout. Destructive notices are announced assertively.
 */
import { Toast as ToastPrimitive } from "radix-ui";

export interface ToastMessage {
  variant: "success" | "destructive";
  title: string;
  description: string;
  /** Changes for every notice, so a repeated failure shows again. */
  key: number;
}

export function Toaster({ toast, closeLabel, onClose }: { toast: ToastMessage | null; closeLabel: string; onClose: () => void }) {
  return (
    <ToastPrimitive.Provider swipeDirection="down" duration={6000}>
      {toast && (
        <ToastPrimitive.Root
          key={toast.key}
          className={`toast toast-${toast.variant}`}
          type={toast.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => !open && onClose()}
          data-slot="toast"
        >
          <ToastPrimitive.Title className="toast-title">{toast.title}</ToastPrimitive.Title>
          <ToastPrimitive.Description className="toast-description">{toast.description}</ToastPrimitive.Description>
          <ToastPrimitive.Close className="toast-close" aria-label={closeLabel}>×</ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="toast-viewport" />
    </ToastPrimitive.Provider>
  );
}
