//! The evaluation protocol of EVALUATION.md.
