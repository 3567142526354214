// Placeholder until scripts/train-digits writes the weights.
extension DigitClassifier {
    public static let builtInWeightsName = "digits-v1"
    static let builtInWeightsBase64 = ""
}
