/**
 * One notice at a time, bottom of the screen, fixed so it never shifts the
 * layout. Destructive notices are announced assertively. The region's name
 * and the word announced before each notice come from the survey's language
 * (Radix would say "Notifications (F8)" and "Notification" in English).
 */
import { Toast as ToastPrimitive } from "radix-ui";

export interface ToastMessage {
  variant: "success" | "destructive";
  title: string;
  description: string;
  /** Changes for every notice, so a repeated failure shows again. */
  key: number;
}

export interface ToastLabels {
  closeLabel: string;
  /** The notices' region, named with its F8 shortcut. */
  regionLabel: string;
  /** Said before each notice's text. */
  noticeLabel: string;
}

export function Toaster({ toast, closeLabel, regionLabel, noticeLabel, onClose }: ToastLabels & { toast: ToastMessage | null; onClose: () => void }) {
  return (
    <ToastPrimitive.Provider swipeDirection="down" duration={6000} label={noticeLabel}>
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
      <ToastPrimitive.Viewport className="toast-viewport" label={regionLabel} />
    </ToastPrimitive.Provider>
  );
}
