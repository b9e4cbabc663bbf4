//! Per-joint rotational degrees of freedom and anatomical limits.
