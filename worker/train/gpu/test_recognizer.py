"""The PyTorch twin's own checks (Debian's python3-torch is enough):

    /usr/bin/python3 -m unittest discover -s worker/train/gpu
"""
import json, os, tempfile, unittest
import numpy as np
import torch
from recognizer import load_tfjs, save_tfjs, surety, widened

SHIPPED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "model", "recognizer-moves")


class Widened(unittest.TestCase):
    def setUp(self):
        self.model, self.manifest = load_tfjs(SHIPPED)
        self.model.eval()
        self.boxes = torch.rand(6, 1, 32, 160, generator=torch.Generator().manual_seed(3))

    def test_reads_as_the_recognizer_it_was_widened_from(self):
        wide, _ = widened(self.model, self.manifest, 128)
        wide.eval()
        with torch.no_grad():
            before, after = self.model(self.boxes), wide(self.boxes)
        self.assertEqual(tuple(after.shape), (6, 40, 41))
        self.assertLess(float((before - after).abs().max()), 1e-4)
        # the new units do compute something: their input weights are not zero, only what they reach is, until trained
        self.assertGreater(float(wide.fw.kernel[:, 96:128].abs().sum()), 0)
        self.assertEqual(float(wide.out.weight[:, 96:128].abs().sum()), 0)

    def test_its_files_load_again_as_the_wider_recognizer(self):
        wide, manifest = widened(self.model, self.manifest, 128)
        with tempfile.TemporaryDirectory() as folder:
            save_tfjs(wide, manifest, folder)
            again, stored = load_tfjs(folder)
            shapes = {spec["name"]: spec["shape"] for spec in json.load(open(os.path.join(folder, "model.json")))["weightSpecs"]}
        self.assertEqual(again.fw.units, 128)
        self.assertEqual(shapes["bidirectional_Bidirectional1/forward_lstm_LSTM1/recurrent_kernel"], [128, 512])
        self.assertEqual(shapes["dense_Dense1/kernel"], [256, 41])
        layer = next(l for l in stored["modelTopology"]["config"]["layers"] if l["class_name"] == "Bidirectional")
        self.assertEqual(layer["config"]["layer"]["config"]["units"], 128)
        again.eval()
        with torch.no_grad():
            np.testing.assert_allclose(again(self.boxes).numpy(), wide.eval()(self.boxes).numpy(), atol=1e-6)

    def test_widens_again_past_the_width_of_its_input(self):
        # 160 units each way: as many as the frames' features, which the LSTM's input weights keep as their first size
        wide, manifest = widened(*widened(self.model, self.manifest, 160), 192)
        wide.eval()
        shapes = {spec["name"]: spec["shape"] for spec in manifest["weightSpecs"]}
        self.assertEqual(shapes["bidirectional_Bidirectional1/backward_lstm_LSTM1/kernel"], [160, 768])
        self.assertEqual(shapes["bidirectional_Bidirectional1/backward_lstm_LSTM1/bias"], [768])
        with tempfile.TemporaryDirectory() as folder:
            save_tfjs(wide, manifest, folder)
            again, _ = load_tfjs(folder)
        with torch.no_grad():
            self.assertLess(float((again.eval()(self.boxes) - self.model(self.boxes)).abs().max()), 1e-4)

    def test_only_widens(self):
        with self.assertRaises(AssertionError):
            widened(self.model, self.manifest, 96)


class Surety(unittest.TestCase):
    def test_is_nothing_for_certain_frames_and_most_negative_for_even_ones(self):
        certain = torch.full((40, 3, 41), -1e4)
        certain[:, :, 0] = 0
        self.assertAlmostEqual(float(surety(certain)), 0, places=5)
        even = torch.full((40, 3, 41), -float(np.log(41)))
        self.assertAlmostEqual(float(surety(even)), -40 * np.log(41), places=3)

    def test_its_gradient_makes_a_sure_frame_less_sure(self):
        logits = torch.tensor([[[4.0, 0.0, 0.0]]], requires_grad=True)
        surety(torch.log_softmax(logits, -1)).backward()
        # descending the penalty lowers the likeliest class's logit and raises the others'
        self.assertGreater(float(logits.grad[0, 0, 0]), 0)
        self.assertLess(float(logits.grad[0, 0, 1]), 0)


if __name__ == "__main__":
    unittest.main()
