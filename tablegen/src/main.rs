fn main() {
    println!("tablegen: interim build, no generated tables yet");
}
