//! The fuzz tier of scene files (`physics::scene`, TOML): arbitrary and
//! mutated scenes never panic, and a scene that is accepted builds a
//! physics world.
//!
//! Brief in `cargo test`; for minutes:
//! `PROPTEST_CASES=100000 cargo test --release -p posewire-solver --test fuzz_scene`.

use posewire_solver::physics::{PhysicsWorld, Scene, WorldSettings};
use proptest::prelude::*;

/// Planted in inputs; an error message must never contain it.
const SECRET: &str = "PWSECRET7f3a";

/// The scene shipped as an example.
const EXAMPLE: &str = include_str!("../../configs/scene_example.toml");

/// Tokens spliced into a scene: what breaks numbers, arrays and tables.
const TOKENS: [&str; 14] = [
    "1e308",
    "-1e308",
    "nan",
    "inf",
    "-0.0",
    "0",
    "[",
    "]",
    ",",
    "\n",
    "\"",
    "=",
    "[[boxes]]",
    "99999999999999999999",
];

/// The default configuration (so `PROPTEST_CASES` scales it), without
/// writing failures into the source tree.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The example with tokens spliced in and bytes overwritten.
fn mutate(tokens: &[(usize, usize)], bytes: &[(usize, u8)]) -> String {
    let mut out = EXAMPLE.as_bytes().to_vec();
    for &(at, t) in tokens {
        let p = at % (out.len() + 1);
        out.splice(p..p, TOKENS[t % TOKENS.len()].bytes());
    }
    for &(at, b) in bytes {
        let n = out.len();
        out[at % n] = b;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn accepted_scene_builds(text: &str) {
    if let Ok(scene) = Scene::from_toml(text, "scene.toml") {
        let _ = PhysicsWorld::new(&scene, WorldSettings::default());
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_arbitrary_scene_text_never_panics(text in ".{0,300}") {
        accepted_scene_builds(&text);
    }

    #[test]
    fn fuzz_mutated_scenes_never_panic(
        tokens in prop::collection::vec((any::<usize>(), any::<usize>()), 0..5),
        bytes in prop::collection::vec((any::<usize>(), any::<u8>()), 0..3),
    ) {
        accepted_scene_builds(&mutate(&tokens, &bytes));
    }

    #[test]
    fn fuzz_generated_scenes_are_accepted_or_refused_by_key(
        boxes in prop::collection::vec((prop::array::uniform3(any::<f64>()), prop::array::uniform3(any::<f64>()), any::<f64>()), 0..4),
    ) {
        let mut text = String::new();
        for (i, (c, h, yaw)) in boxes.iter().enumerate() {
            text.push_str(&format!(
                "[[boxes]]\nname = \"b{i}\"\ncenter = [{:?}, {:?}, {:?}]\nhalf_extents = [{:?}, {:?}, {:?}]\nyaw_deg = {:?}\n",
                c[0], c[1], c[2], h[0], h[1], h[2], yaw
            ));
        }
        let text = text.replace("NaN", "nan");
        match Scene::from_toml(&text, "scene.toml") {
            Ok(scene) => {
                prop_assert_eq!(scene.boxes.len(), boxes.len());
                let _ = PhysicsWorld::new(&scene, WorldSettings::default());
            }
            Err(e) => prop_assert!(e.to_string().contains("scene.toml"), "{}", e),
        }
    }

    #[test]
    fn fuzz_scene_errors_never_quote_the_input(at in any::<usize>()) {
        let p = at % (EXAMPLE.len() + 1);
        let p = (0..=p).rev().find(|&i| EXAMPLE.is_char_boundary(i)).unwrap_or(0);
        let text = format!("{}{SECRET}{}", &EXAMPLE[..p], &EXAMPLE[p..]);
        if let Err(e) = Scene::from_toml(&text, "scene.toml") {
            prop_assert!(!e.to_string().contains(SECRET), "{}", e);
        }
    }
}
