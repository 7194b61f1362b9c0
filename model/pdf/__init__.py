"""PDF army sheets and quick-reference cards (reportlab, no Qt)."""
