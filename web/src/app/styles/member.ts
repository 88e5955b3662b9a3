/**
 * Mantine's styles that only the member screens (registration, login, account, project edit,
 * notifications, rating popup) use, on top of ./public.ts; imported by those lazily loaded
 * screens, so their CSS arrives with their code.
 */
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/CheckboxIndicator.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Indicator.css";
import "@mantine/core/styles/Menu.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/Rating.css";
import "@mantine/core/styles/Slider.css";
