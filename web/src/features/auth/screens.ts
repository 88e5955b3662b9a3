import "../../app/styles/member";
export { CareerPage } from "./CareerPage";
export { CodePage } from "./CodePage";
export { LoginPage } from "./LoginPage";
export { NewPasswordPage } from "./NewPasswordPage";
export { ResetRequestPage } from "./ResetRequestPage";
export { SignUpPage } from "./SignUpPage";
