//! Posewire solvers: device poses in, whole-body poses out.
