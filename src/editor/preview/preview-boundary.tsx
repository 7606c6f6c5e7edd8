/** Keeps the editor usable when the preview cannot render the survey as it stands (a half-made question). */
import { Component, type ReactNode } from "react";

interface Props {
  /** A new value tries again (the file changed). */
  resetKey: unknown;
  /** What to say while the survey cannot be shown, in the editor's language. */
  failed: string;
  children: ReactNode;
}

export class PreviewBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    if (this.state.failed) return <p className="preview-failed">{this.props.failed}</p>;
    return this.props.children;
  }
}
