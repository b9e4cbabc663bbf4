//! An FBX reader written for the tests from the format's description,
//! independent of Posewire's writer: binary FBX 7.4 node records (end
//! offset, property count and length, name, typed properties, nested
//! records ended by a null record), then forward kinematics of the models'
//! `Lcl Translation` and `Lcl Rotation` (Euler XYZ, degrees: the matrix
//! Rz Ry Rx) and their animation curves through the `OO`/`OP` connections.

#![allow(dead_code)]

use std::collections::BTreeMap;

use glam::{DQuat, DVec3};

/// A property value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Int(i64),
    Float(f64),
    Bytes(Vec<u8>),
    Ints(Vec<i64>),
    Floats(Vec<f64>),
}

impl Value {
    pub fn int(&self) -> i64 {
        match self {
            Value::Int(v) => *v,
            other => panic!("not an integer: {other:?}"),
        }
    }
    pub fn float(&self) -> f64 {
        match self {
            Value::Float(v) => *v,
            Value::Int(v) => *v as f64,
            other => panic!("not a number: {other:?}"),
        }
    }
    pub fn text(&self) -> String {
        match self {
            Value::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
            other => panic!("not a string: {other:?}"),
        }
    }
}

/// A node record.
#[derive(Debug, Clone)]
pub struct Node {
    pub name: String,
    pub props: Vec<Value>,
    pub children: Vec<Node>,
}

impl Node {
    pub fn child(&self, name: &str) -> Option<&Node> {
        self.children.iter().find(|c| c.name == name)
    }
}

fn u32_at(b: &[u8], at: usize) -> usize {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes")) as usize
}

fn array<const N: usize>(b: &[u8], at: &mut usize, f: impl Fn([u8; N]) -> Value) -> Vec<Value> {
    let (count, encoding, len) = (u32_at(b, *at), u32_at(b, *at + 4), u32_at(b, *at + 8));
    assert_eq!(encoding, 0, "compressed arrays are not expected");
    assert_eq!(len, count * N, "array byte length");
    *at += 12;
    let out = (0..count)
        .map(|i| {
            f(b[*at + i * N..*at + (i + 1) * N]
                .try_into()
                .expect("N bytes"))
        })
        .collect();
    *at += len;
    out
}

fn flat_ints(v: Vec<Value>) -> Value {
    Value::Ints(v.into_iter().map(|x| x.int()).collect())
}

fn flat_floats(v: Vec<Value>) -> Value {
    Value::Floats(v.into_iter().map(|x| x.float()).collect())
}

fn property(b: &[u8], at: &mut usize) -> Value {
    let code = b[*at];
    *at += 1;
    let mut take = |n: usize| {
        let s = &b[*at..*at + n];
        *at += n;
        s.to_vec()
    };
    match code {
        b'C' => Value::Int(i64::from(take(1)[0])),
        b'Y' => Value::Int(i64::from(i16::from_le_bytes(
            take(2).try_into().expect("2"),
        ))),
        b'I' => Value::Int(i64::from(i32::from_le_bytes(
            take(4).try_into().expect("4"),
        ))),
        b'L' => Value::Int(i64::from_le_bytes(take(8).try_into().expect("8"))),
        b'F' => Value::Float(f64::from(f32::from_le_bytes(
            take(4).try_into().expect("4"),
        ))),
        b'D' => Value::Float(f64::from_le_bytes(take(8).try_into().expect("8"))),
        b'S' | b'R' => {
            let n = u32::from_le_bytes(take(4).try_into().expect("4")) as usize;
            Value::Bytes(take(n))
        }
        b'i' => flat_ints(array::<4>(b, at, |x| {
            Value::Int(i64::from(i32::from_le_bytes(x)))
        })),
        b'l' => flat_ints(array::<8>(b, at, |x| Value::Int(i64::from_le_bytes(x)))),
        b'f' => flat_floats(array::<4>(b, at, |x| {
            Value::Float(f64::from(f32::from_le_bytes(x)))
        })),
        b'd' => flat_floats(array::<8>(b, at, |x| Value::Float(f64::from_le_bytes(x)))),
        other => panic!(
            "unknown property type {:?} at byte {}",
            other as char,
            *at - 1
        ),
    }
}

/// The record at `at`, or `None` for a null record; `at` moves past it.
fn node(b: &[u8], at: &mut usize) -> Option<Node> {
    let (end, count, props_len) = (u32_at(b, *at), u32_at(b, *at + 4), u32_at(b, *at + 8));
    let name_len = usize::from(b[*at + 12]);
    if end == 0 {
        assert!(
            b[*at..*at + 13].iter().all(|&x| x == 0),
            "a null record is 13 zeros"
        );
        *at += 13;
        return None;
    }
    let name = String::from_utf8_lossy(&b[*at + 13..*at + 13 + name_len]).into_owned();
    *at += 13 + name_len;
    let props_start = *at;
    let props = (0..count).map(|_| property(b, at)).collect();
    assert_eq!(*at - props_start, props_len, "{name}: property bytes");
    let mut children = Vec::new();
    while *at < end {
        match node(b, at) {
            Some(c) => children.push(c),
            None => assert_eq!(*at, end, "{name}: a null record ends the nested records"),
        }
    }
    assert_eq!(*at, end, "{name}: its end offset");
    Some(Node {
        name,
        props,
        children,
    })
}

/// The version and top-level records of a binary FBX file.
pub fn parse(b: &[u8]) -> (u32, Vec<Node>) {
    assert_eq!(&b[..21], b"Kaydara FBX Binary  \0", "the header");
    let version = u32_at(b, 23) as u32;
    let mut at = 27;
    let mut top = Vec::new();
    while let Some(n) = node(b, &mut at) {
        top.push(n);
    }
    // The footer: 16 bytes of id, 4 zeros, padding to 16, the version, 120
    // zeros and 16 bytes of magic.
    let rest = b.len() - at;
    assert!(
        rest >= 16 + 4 + 1 + 4 + 120 + 16,
        "the footer is {rest} bytes"
    );
    assert_eq!(
        u32_at(b, b.len() - 16 - 120 - 4) as u32,
        version,
        "the footer's version"
    );
    (version, top)
}

/// `Properties70` values by name.
pub fn properties(n: &Node) -> BTreeMap<String, Vec<Value>> {
    n.child("Properties70")
        .map(|p| {
            p.children
                .iter()
                .map(|c| (c.props[0].text(), c.props[4..].to_vec()))
                .collect()
        })
        .unwrap_or_default()
}

/// A model of the scene: its name, type, parent, rest transform and the
/// curves of its animated channels (key times, values).
#[derive(Debug, Default)]
pub struct Model {
    pub name: String,
    pub kind: String,
    pub parent: i64,
    pub translation: [f64; 3],
    pub rotation: [f64; 3],
    pub custom: BTreeMap<String, String>,
    /// (property, channel) -> (times, values)
    pub curves: BTreeMap<(String, usize), (Vec<i64>, Vec<f64>)>,
}

impl Model {
    fn channel(&self, property: &str, c: usize, rest: f64, key: usize) -> f64 {
        self.curves
            .get(&(property.to_string(), c))
            .map_or(rest, |(_, v)| v[key.min(v.len() - 1)])
    }

    /// The local transform at key `key` (every animated channel keyed at
    /// the same frames).
    pub fn local(&self, key: usize) -> (DVec3, DQuat) {
        let t = DVec3::from_array(
            [0, 1, 2].map(|c| self.channel("Lcl Translation", c, self.translation[c], key)),
        );
        let e = [0, 1, 2].map(|c| {
            self.channel("Lcl Rotation", c, self.rotation[c], key)
                .to_radians()
        });
        let r = DQuat::from_rotation_z(e[2])
            * DQuat::from_rotation_y(e[1])
            * DQuat::from_rotation_x(e[0]);
        (t, r)
    }
}

/// Every model by id, with its connections and curves resolved.
pub fn models(top: &[Node]) -> BTreeMap<i64, Model> {
    let objects = top.iter().find(|n| n.name == "Objects").expect("Objects");
    let connections = top
        .iter()
        .find(|n| n.name == "Connections")
        .expect("Connections");
    let mut models = BTreeMap::new();
    let mut curve_data = BTreeMap::new();
    for o in &objects.children {
        let id = o.props[0].int();
        let name = o.props[1].text();
        let name = name.split('\0').next().unwrap_or("").to_string();
        match o.name.as_str() {
            "Model" => {
                let p = properties(o);
                let v3 = |k: &str, d: f64| {
                    p.get(k)
                        .map_or([d; 3], |v| [v[0].float(), v[1].float(), v[2].float()])
                };
                let custom = p
                    .iter()
                    .filter_map(|(k, v)| match v.first() {
                        Some(Value::Bytes(b)) => {
                            Some((k.clone(), String::from_utf8_lossy(b).into_owned()))
                        }
                        _ => None,
                    })
                    .collect();
                models.insert(
                    id,
                    Model {
                        name,
                        kind: o.props[2].text(),
                        translation: v3("Lcl Translation", 0.0),
                        rotation: v3("Lcl Rotation", 0.0),
                        custom,
                        ..Model::default()
                    },
                );
            }
            "AnimationCurve" => {
                let times = match &o.child("KeyTime").expect("KeyTime").props[0] {
                    Value::Ints(v) => v.clone(),
                    other => panic!("KeyTime {other:?}"),
                };
                let values = match &o.child("KeyValueFloat").expect("KeyValueFloat").props[0] {
                    Value::Floats(v) => v.clone(),
                    other => panic!("KeyValueFloat {other:?}"),
                };
                assert_eq!(times.len(), values.len(), "a value per key");
                curve_data.insert(id, (times, values));
            }
            _ => {}
        }
    }
    // curve node -> (model, property); curve -> (curve node, channel)
    let mut node_target = BTreeMap::new();
    let mut curve_target = Vec::new();
    for c in &connections.children {
        let (kind, child, parent) = (c.props[0].text(), c.props[1].int(), c.props[2].int());
        match kind.as_str() {
            "OO" => {
                if let Some(m) = models.get_mut(&child) {
                    m.parent = parent;
                }
            }
            "OP" => {
                let property = c.props[3].text();
                if models.contains_key(&parent) {
                    node_target.insert(child, (parent, property));
                } else {
                    let channel = ["d|X", "d|Y", "d|Z"].iter().position(|x| *x == property);
                    curve_target.push((child, parent, channel.expect("a d|X, d|Y or d|Z channel")));
                }
            }
            other => panic!("unknown connection {other}"),
        }
    }
    for (curve, node, channel) in curve_target {
        let (model, property) = node_target
            .get(&node)
            .expect("the curve node drives a model")
            .clone();
        let data = curve_data.remove(&curve).expect("the curve exists");
        models
            .get_mut(&model)
            .expect("model")
            .curves
            .insert((property, channel), data);
    }
    models
}

/// The world position of every model at key `key`, in the file's units.
pub fn world_positions(models: &BTreeMap<i64, Model>, key: usize) -> BTreeMap<i64, DVec3> {
    fn world(models: &BTreeMap<i64, Model>, id: i64, key: usize) -> (DVec3, DQuat) {
        let m = &models[&id];
        let (t, r) = m.local(key);
        match models.get(&m.parent) {
            Some(_) => {
                let (pt, pr) = world(models, m.parent, key);
                (pt + pr * t, pr * r)
            }
            None => (t, r),
        }
    }
    models
        .keys()
        .map(|&id| (id, world(models, id, key).0))
        .collect()
}
