//! A mesh's vertices reduced to the corners of their convex hull, so that
//! a glTF mesh of many thousand vertices becomes an object's hull of a few
//! hundred points (the collider is their hull either way).

use posewire_body::glam::DVec3;
use rapier3d::parry::transformation::try_convex_hull;

use super::convert::{v32, v64};
use super::objects::ObjectError;

/// The corners of the convex hull of `points` (metres, finite); a flat or
/// degenerate set is `FlatHull`.
pub fn hull_corners(points: &[DVec3]) -> Result<Vec<DVec3>, ObjectError> {
    if !points.iter().all(|p| p.is_finite()) {
        return Err(ObjectError::Invalid {
            field: "shape.hull".into(),
            reason: "points must be finite".into(),
        });
    }
    let p: Vec<_> = points.iter().map(|&p| v32(p)).collect();
    let (corners, faces) = try_convex_hull(&p).map_err(|_| ObjectError::FlatHull)?;
    let corners: Vec<DVec3> = corners.into_iter().map(v64).collect();
    // Six times the volume: the faces' tetrahedra with the origin.
    let volume6: f64 = faces
        .iter()
        .filter_map(|f| {
            let [a, b, c] = f.map(|i| corners.get(i as usize).copied());
            Some(a?.dot(b?.cross(c?)))
        })
        .sum();
    if volume6.abs() < 1e-12 {
        return Err(ObjectError::FlatHull);
    }
    Ok(corners)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cube_with_inner_points_keeps_its_eight_corners() {
        let mut points = Vec::new();
        for i in 0..8 {
            let c = |b: i32| if i & b == 0 { -0.1 } else { 0.1 };
            points.push(DVec3::new(c(1), c(2), c(4)));
        }
        for k in 0..100 {
            let f = f64::from(k) / 100.0 - 0.5;
            points.push(DVec3::new(0.1 * f, -0.05 * f, 0.08 * f));
        }
        let corners = hull_corners(&points).expect("a hull");
        assert_eq!(corners.len(), 8, "{corners:?}");
        for c in corners {
            assert!(
                (c.abs() - DVec3::splat(0.1)).abs().max_element() < 1e-6,
                "{c}"
            );
        }
    }

    #[test]
    fn points_on_a_plane_or_not_finite_are_refused() {
        let flat: Vec<DVec3> = (0..10)
            .map(|k| DVec3::new(f64::from(k % 3), 0.0, f64::from(k / 3)))
            .collect();
        assert_eq!(hull_corners(&flat), Err(ObjectError::FlatHull));
        let mut nan = flat;
        nan[0].y = f64::NAN;
        assert!(matches!(
            hull_corners(&nan),
            Err(ObjectError::Invalid { .. })
        ));
    }
}
