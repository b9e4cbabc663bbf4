//! Segment masses, centres of mass and inertia tensors.
