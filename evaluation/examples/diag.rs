use posewire_body::bvh::Bvh;
use posewire_body::glam::DVec3;
use posewire_body::transform::yaw_of;
use posewire_body::{DeviceSet, Joint};
use posewire_evaluation::synth::{synthesize, Condition, SynthOptions};
fn wrap(a: f64) -> f64 { (a + std::f64::consts::PI).rem_euclid(2.0*std::f64::consts::PI) - std::f64::consts::PI }
fn main() {
    let dir = std::path::PathBuf::from("../shared/data/mocap");
    let mut clips: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e=="bvh")).collect();
    clips.sort();
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for clip in clips {
        let name = clip.file_stem().unwrap().to_string_lossy().into_owned();
        let bvh = Bvh::read(&clip).unwrap();
        let takes = synthesize(&bvh, &name, &SynthOptions{devices: DeviceSet::standard(6).unwrap(), condition: Condition::Clean, seed: 1}).unwrap();
        let (mut a1, mut a2, mut a3, mut n, mut neck_len, mut sh_rel) = (0.0, 0.0, 0.0, 0.0, 0.0, DVec3::ZERO);
        for f in takes.truth.frames.iter().step_by(4) {
            let j = &f.joints;
            let cy = j[Joint::Chest].rotation * DVec3::Y;
            let sn = (j[Joint::Neck].position - j[Joint::Spine].position).normalize();
            let pn = (j[Joint::Neck].position - j[Joint::Pelvis].position).normalize();
            a1 += cy.dot(sn).clamp(-1.0,1.0).acos().to_degrees();
            a2 += cy.dot(pn).clamp(-1.0,1.0).acos().to_degrees();
            let py = yaw_of(j[Joint::Pelvis].rotation); let hy = yaw_of(j[Joint::Head].rotation); let chy = yaw_of(j[Joint::Chest].rotation);
            let x = wrap(hy - py); let y = wrap(chy - py);
            sxy += x*y; sxx += x*x;
            a3 += wrap(chy - py).abs().to_degrees();
            neck_len += (j[Joint::Head].position - j[Joint::Neck].position).length();
            sh_rel += j[Joint::Chest].rotation.inverse() * (j[Joint::LeftShoulder].position - j[Joint::Neck].position);
            n += 1.0;
        }
        println!("{name:45} chestY-vs-spine>neck {:5.1} chestY-vs-pelvis>neck {:5.1} |chest-pelvis yaw| {:5.1} neck {:.3} sh-neck {:.3} {:.3} {:.3}", a1/n, a2/n, a3/n, neck_len/n, sh_rel.x/n, sh_rel.y/n, sh_rel.z/n);
    }
    println!("best chest yaw share {:.2}", sxy/sxx);
}
