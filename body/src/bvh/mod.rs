//! BVH motion files: reading, writing, forward kinematics, and the CMU mapping.
