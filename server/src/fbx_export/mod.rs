//! `posewire export --format fbx`: a scene (every avatar's skeleton and
//! animation, the space's objects) as a binary FBX 7.4 file, the format
//! Maya, MotionBuilder and Unreal import.
//!
//! Each avatar is a `Null` model named after the avatar with the canonical
//! joints under it as `LimbNode` models (importers make one armature per
//! avatar), their rest pose in the models' `Lcl Translation`; one
//! animation stack holds a rotation curve per joint and the pelvis's
//! translation, keyed at every frame (linear). Objects are `Null` models
//! keyed while they were in the space. Lengths are centimetres
//! (`UnitScaleFactor` 1), FBX's own unit and what Maya, MotionBuilder and
//! Unreal assume; +Y up, +Z front (`UpAxis`, `FrontAxis`, `CoordAxis`).
//! The take's timecode, if it has one, is the string property
//! `posewire_timecode` of each avatar's node and of the document.

mod binary;
mod curves;

use std::path::Path;

use anyhow::Context as _;

use crate::scene_export::SceneAnimation;
use binary::{Node, Prop};
use curves::{euler_track, CurveSet, KTIME_PER_SECOND};

/// Centimetres per metre: FBX lengths are centimetres.
const CM: f64 = 100.0;

/// `TimeMode` values of the standard frame rates (FBX SDK's `EMode`);
/// other rates are written as custom (14) with `CustomFrameRate`.
const TIME_MODES: [(f64, i32); 9] = [
    (120.0, 1),
    (100.0, 2),
    (60.0, 3),
    (50.0, 4),
    (48.0, 5),
    (30.0, 6),
    (25.0, 10),
    (24.0, 11),
    (96.0, 15),
];

/// Writes `scene` as binary FBX to `path`.
pub fn write(scene: &SceneAnimation, path: &Path) -> anyhow::Result<()> {
    let bytes = binary::file_bytes(&document(scene)?)?;
    posewire_body::atomic_file::write_atomic(path, &bytes)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Hands out object ids.
struct Ids(i64);

impl Ids {
    fn next(&mut self) -> i64 {
        self.0 += 1;
        self.0
    }
}

/// The objects and their connections as they are built.
#[derive(Default)]
struct Graph {
    objects: Vec<Node>,
    connections: Vec<Node>,
    models: usize,
    attributes: usize,
}

impl Graph {
    fn link(&mut self, child: i64, parent: i64) {
        self.connections.push(Node::new(
            "C",
            vec![Prop::str("OO"), Prop::I64(child), Prop::I64(parent)],
        ));
    }

    fn link_property(&mut self, child: i64, parent: i64, property: &str) {
        self.connections.push(Node::new(
            "C",
            vec![
                Prop::str("OP"),
                Prop::I64(child),
                Prop::I64(parent),
                Prop::str(property),
            ],
        ));
    }

    /// A model and its node attribute (`Null` or `LimbNode`), linked under
    /// `parent` (0: the scene's root). Returns the model's id.
    fn model(&mut self, ids: &mut Ids, spec: ModelSpec<'_>) -> i64 {
        let (attr, model) = (ids.next(), ids.next());
        let flags = if spec.kind == "LimbNode" {
            "Skeleton"
        } else {
            "Null"
        };
        self.objects.push(
            Node::new(
                "NodeAttribute",
                vec![
                    Prop::I64(attr),
                    Prop::Str(class_name(spec.name, "NodeAttribute")),
                    Prop::str(spec.kind),
                ],
            )
            .with(vec![Node::new("TypeFlags", vec![Prop::str(flags)])]),
        );
        let mut props = vec![
            p_vector("Lcl Translation", spec.translation),
            p_vector("Lcl Rotation", [0.0; 3]),
            p_vector("Lcl Scaling", [1.0; 3]),
        ];
        props.extend(spec.custom.iter().map(|(k, v)| p_string(k, v, true)));
        self.objects.push(
            Node::new(
                "Model",
                vec![
                    Prop::I64(model),
                    Prop::Str(class_name(spec.name, "Model")),
                    Prop::str(spec.kind),
                ],
            )
            .with(vec![
                Node::new("Version", vec![Prop::I32(232)]),
                Node::new("Properties70", vec![]).with(props),
                Node::new("Shading", vec![Prop::Bool(true)]),
                Node::new("Culling", vec![Prop::str("CullingOff")]),
            ]),
        );
        self.link(attr, model);
        self.link(model, spec.parent);
        self.models += 1;
        self.attributes += 1;
        model
    }

    /// A curve node of three channels (`T` or `R`) on `model`'s property,
    /// with one curve per channel.
    fn animate(&mut self, ids: &mut Ids, layer: i64, model: i64, curves: &CurveSet) {
        let node = ids.next();
        let channels = ["d|X", "d|Y", "d|Z"];
        self.objects.push(
            Node::new(
                "AnimationCurveNode",
                vec![
                    Prop::I64(node),
                    Prop::Str(class_name(curves.short, "AnimCurveNode")),
                    Prop::str(""),
                ],
            )
            .with(vec![Node::new("Properties70", vec![]).with(
                channels
                    .iter()
                    .zip(curves.values.iter())
                    .map(|(c, v)| {
                        Node::new(
                            "P",
                            vec![
                                Prop::str(c),
                                Prop::str("Number"),
                                Prop::str(""),
                                Prop::str("A"),
                                Prop::F64(v.first().map_or(0.0, |x| f64::from(*x))),
                            ],
                        )
                    })
                    .collect(),
            )]),
        );
        self.link(node, layer);
        self.link_property(node, model, curves.property);
        for (channel, values) in channels.iter().zip(curves.values.iter()) {
            let curve = ids.next();
            self.objects
                .push(curves::curve_node(curve, &curves.times, values));
            self.link_property(curve, node, channel);
        }
    }
}

/// What a model is.
struct ModelSpec<'a> {
    name: &'a str,
    kind: &'static str,
    translation: [f64; 3],
    parent: i64,
    custom: &'a [(&'a str, String)],
}

/// `name\0\x01class`, the way FBX names an object with its class. A name
/// holding that separator is cut at it.
fn class_name(name: &str, class: &str) -> Vec<u8> {
    let name = name.split('\0').next().unwrap_or("");
    let mut out = name.as_bytes().to_vec();
    out.extend(b"\0\x01");
    out.extend(class.as_bytes());
    out
}

fn p_vector(name: &str, v: [f64; 3]) -> Node {
    Node::new(
        "P",
        vec![
            Prop::str(name),
            Prop::str(name),
            Prop::str(""),
            Prop::str("A"),
            Prop::F64(v[0]),
            Prop::F64(v[1]),
            Prop::F64(v[2]),
        ],
    )
}

fn p_int(name: &str, kind: &str, v: i32) -> Node {
    Node::new(
        "P",
        vec![
            Prop::str(name),
            Prop::str(kind),
            Prop::str(if kind == "int" { "Integer" } else { "" }),
            Prop::str(""),
            Prop::I32(v),
        ],
    )
}

fn p_double(name: &str, v: f64) -> Node {
    Node::new(
        "P",
        vec![
            Prop::str(name),
            Prop::str("double"),
            Prop::str("Number"),
            Prop::str(""),
            Prop::F64(v),
        ],
    )
}

fn p_time(name: &str, ktime: i64) -> Node {
    Node::new(
        "P",
        vec![
            Prop::str(name),
            Prop::str("KTime"),
            Prop::str("Time"),
            Prop::str(""),
            Prop::I64(ktime),
        ],
    )
}

/// A string property; `user`: a custom property (flag `U`), which
/// importers keep as the node's custom data.
fn p_string(name: &str, v: &str, user: bool) -> Node {
    Node::new(
        "P",
        vec![
            Prop::str(name),
            Prop::str("KString"),
            Prop::str(""),
            Prop::str(if user { "U" } else { "" }),
            Prop::str(v),
        ],
    )
}

/// The time of the last frame in FBX time units.
fn end_ktime(scene: &SceneAnimation) -> i64 {
    let last = scene.frame_count().saturating_sub(1) as f64;
    (last * scene.frame_time * KTIME_PER_SECOND as f64).round() as i64
}

/// The take's timecode as custom properties (of each avatar's node and of
/// the document): its label, and its rate and frame count when stated.
fn timecode_properties(scene: &SceneAnimation) -> Vec<(&'static str, String)> {
    let Some(tc) = &scene.timecode else {
        return Vec::new();
    };
    let mut out = vec![("posewire_timecode", tc.label.clone())];
    if let Some((rate, frame)) = tc.rate {
        out.push(("posewire_timecode_rate", rate.name().to_string()));
        out.push(("posewire_timecode_frame", frame.to_string()));
    }
    out
}

/// Where the take lies on the source's clock: its timecode's start (FBX
/// time), the take's reference start (`ReferenceStart`, the `Takes`
/// section's `ReferenceTime`), which MotionBuilder and the FBX SDK show as
/// the take's original time; the keys themselves start at 0 (a time of
/// day in frames would be past the timelines of some tools).
fn reference_start(scene: &SceneAnimation) -> i64 {
    let seconds = scene
        .timecode
        .as_ref()
        .and_then(crate::scene_export::ExportTimecode::start_seconds);
    seconds.map_or(0, |s| (s * KTIME_PER_SECOND as f64).round() as i64)
}

/// Every top-level record of the file.
fn document(scene: &SceneAnimation) -> anyhow::Result<Vec<Node>> {
    let mut ids = Ids(1_000_000);
    let mut graph = Graph::default();
    let (stack, layer) = (ids.next(), ids.next());
    let custom = timecode_properties(scene);
    for avatar in &scene.avatars {
        let root = graph.model(
            &mut ids,
            ModelSpec {
                name: &avatar.name,
                kind: "Null",
                translation: [0.0; 3],
                parent: 0,
                custom: &custom,
            },
        );
        let bones = avatar.bones();
        let mut model = vec![0i64; bones.len()];
        for (i, &b) in bones.iter().enumerate() {
            let parent = b
                .parent()
                .and_then(|p| bones.iter().position(|x| *x == p))
                .map_or(root, |p| model[p]);
            let name = b.name();
            model[i] = graph.model(
                &mut ids,
                ModelSpec {
                    name: &name,
                    kind: "LimbNode",
                    translation: (avatar.rest_local(b) * CM).to_array(),
                    parent,
                    custom: &[],
                },
            );
            let (translation, rotation) = euler_track(scene, avatar, b, CM);
            if b.parent().is_none() {
                graph.animate(&mut ids, layer, model[i], &translation);
            }
            graph.animate(&mut ids, layer, model[i], &rotation);
        }
    }
    for object in &scene.objects {
        let id = graph.model(
            &mut ids,
            ModelSpec {
                name: &object.name,
                kind: "Null",
                translation: object
                    .translations
                    .first()
                    .map_or([0.0; 3], |t| (t.as_dvec3() * CM).to_array()),
                parent: 0,
                custom: &[],
            },
        );
        let (translation, rotation) = curves::object_curves(scene, object, CM);
        graph.animate(&mut ids, layer, id, &translation);
        graph.animate(&mut ids, layer, id, &rotation);
    }
    let end = end_ktime(scene);
    let stack_node = Node::new(
        "AnimationStack",
        vec![
            Prop::I64(stack),
            Prop::Str(class_name(&scene.name, "AnimStack")),
            Prop::str(""),
        ],
    )
    .with(vec![Node::new("Properties70", vec![]).with(vec![
        p_time("LocalStart", 0),
        p_time("LocalStop", end),
        p_time("ReferenceStart", reference_start(scene)),
        p_time("ReferenceStop", reference_start(scene) + end),
    ])]);
    let layer_node = Node::new(
        "AnimationLayer",
        vec![
            Prop::I64(layer),
            Prop::Str(class_name("BaseLayer", "AnimLayer")),
            Prop::str(""),
        ],
    );
    graph.link(layer, stack);
    let curve_nodes = graph
        .objects
        .iter()
        .filter(|n| n.name == "AnimationCurveNode")
        .count();
    let curves = graph
        .objects
        .iter()
        .filter(|n| n.name == "AnimationCurve")
        .count();
    let mut objects = vec![stack_node, layer_node];
    let definitions = definitions(&[
        ("GlobalSettings", 1),
        ("Model", graph.models),
        ("NodeAttribute", graph.attributes),
        ("AnimationStack", 1),
        ("AnimationLayer", 1),
        ("AnimationCurveNode", curve_nodes),
        ("AnimationCurve", curves),
    ]);
    objects.append(&mut graph.objects);
    Ok(vec![
        header(),
        Node::new("FileId", vec![Prop::Raw(binary::FILE_ID.to_vec())]),
        Node::new("CreationTime", vec![Prop::str(binary::CREATION_TIME)]),
        Node::new("Creator", vec![Prop::str(&creator())]),
        global_settings(scene, end, &custom),
        documents(scene),
        Node::new("References", vec![]),
        definitions,
        Node::new("Objects", vec![]).with(objects),
        Node::new("Connections", vec![]).with(graph.connections),
        takes(scene, end),
    ])
}

fn creator() -> String {
    format!("posewire {}", env!("CARGO_PKG_VERSION"))
}

fn header() -> Node {
    Node::new("FBXHeaderExtension", vec![]).with(vec![
        Node::new("FBXHeaderVersion", vec![Prop::I32(1003)]),
        Node::new("FBXVersion", vec![Prop::I32(binary::VERSION as i32)]),
        Node::new("EncryptionType", vec![Prop::I32(0)]),
        Node::new("Creator", vec![Prop::str(&creator())]),
    ])
}

/// Units, axes and the frame rate.
fn global_settings(scene: &SceneAnimation, end: i64, custom: &[(&str, String)]) -> Node {
    let fps = scene.fps();
    let mode = TIME_MODES
        .iter()
        .find(|(rate, _)| (rate - fps).abs() < 1e-6)
        .map_or(14, |m| m.1);
    let mut props = vec![
        p_int("UpAxis", "int", 1),
        p_int("UpAxisSign", "int", 1),
        p_int("FrontAxis", "int", 2),
        p_int("FrontAxisSign", "int", 1),
        p_int("CoordAxis", "int", 0),
        p_int("CoordAxisSign", "int", 1),
        p_int("OriginalUpAxis", "int", 1),
        p_int("OriginalUpAxisSign", "int", 1),
        p_double("UnitScaleFactor", 1.0),
        p_double("OriginalUnitScaleFactor", 1.0),
        p_int("TimeMode", "enum", mode),
        p_time("TimeSpanStart", 0),
        p_time("TimeSpanStop", end),
        p_double("CustomFrameRate", fps),
    ];
    props.extend(custom.iter().map(|(k, v)| p_string(k, v, true)));
    Node::new("GlobalSettings", vec![]).with(vec![
        Node::new("Version", vec![Prop::I32(1000)]),
        Node::new("Properties70", vec![]).with(props),
    ])
}

fn documents(scene: &SceneAnimation) -> Node {
    let document = Node::new(
        "Document",
        vec![Prop::I64(1), Prop::str(&scene.name), Prop::str("Scene")],
    )
    .with(vec![
        Node::new("Properties70", vec![]).with(vec![Node::new(
            "P",
            vec![
                Prop::str("ActiveAnimStackName"),
                Prop::str("KString"),
                Prop::str(""),
                Prop::str(""),
                Prop::str(&scene.name),
            ],
        )]),
        Node::new("RootNode", vec![Prop::I64(0)]),
    ]);
    Node::new("Documents", vec![]).with(vec![Node::new("Count", vec![Prop::I32(1)]), document])
}

fn definitions(kinds: &[(&'static str, usize)]) -> Node {
    let total: usize = kinds.iter().map(|k| k.1).sum();
    let mut children = vec![
        Node::new("Version", vec![Prop::I32(100)]),
        Node::new("Count", vec![Prop::I32(total as i32)]),
    ];
    children.extend(kinds.iter().map(|(kind, count)| {
        Node::new("ObjectType", vec![Prop::str(kind)])
            .with(vec![Node::new("Count", vec![Prop::I32(*count as i32)])])
    }));
    Node::new("Definitions", vec![]).with(children)
}

fn takes(scene: &SceneAnimation, end: i64) -> Node {
    Node::new("Takes", vec![]).with(vec![
        Node::new("Current", vec![Prop::str(&scene.name)]),
        Node::new("Take", vec![Prop::str(&scene.name)]).with(vec![
            Node::new("FileName", vec![Prop::str(&format!("{}.tak", scene.name))]),
            Node::new("LocalTime", vec![Prop::I64(0), Prop::I64(end)]),
            Node::new(
                "ReferenceTime",
                vec![
                    Prop::I64(reference_start(scene)),
                    Prop::I64(reference_start(scene) + end),
                ],
            ),
        ]),
    ])
}
