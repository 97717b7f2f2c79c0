// Placeholder so the target builds until its code lands.
