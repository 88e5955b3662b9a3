import { site } from "../../lib/site";
import { list, p, type LegalDocument } from "./model";

/** Açık Rıza Metni (6698 sayılı Kanun md. 5/1, 9). */
export const OPEN_CONSENT: LegalDocument = {
  title: "Açık Rıza Metni",
  description:
    "Kişisel verilerinizin işlenmesine ve aktarılmasına ilişkin 6698 sayılı Kanun kapsamındaki açık rıza metni.",
  intro: [
    `6698 sayılı Kişisel Verilerin Korunması Kanunu kapsamında ${site.name} tarafından hazırlanan KVKK Aydınlatma Metni'ni okudum ve anladım. Bu metinle, kişisel verilerimin aşağıda belirtilen şekilde işlenmesine ve aktarılmasına özgür irademle açık rıza veriyorum.`,
  ],
  sections: [
    {
      title: "1. Rıza Verilen İşlemler",
      blocks: [
        list(
          "Ad soyad, pozisyon, üye türü, profil fotoğrafı, yetenekler, diller, eğitim ve sertifika bilgilerimin, hakkında yazımın ve yer aldığım projelerin platformu ziyaret eden herkese açık profilimde gösterilmesi,",
          "E-posta adresimin aynı projede yer aldığım ekip arkadaşlarımla paylaşılması,",
          "Ekip arkadaşlarımın her hafta hakkımda verdiği anonim puanların ortalamasının ve yazılı geri bildirimlerin yazarının kullanıcı adıyla birlikte hesap sayfamda gösterilmesi ve insan kaynakları ekibince görülebilmesi,",
          "Ekipten çıkarma taleplerinin bir operasyon uzmanınca incelenmesi amacıyla değerlendirme verilerimin işlenmesi,",
          "Kâr paylaşımı ödemeleri için bildirdiğim IBAN numarasının işlenmesi,",
          "Platformdaki yeni projeler, kâr payı oranındaki değişiklikler ve kampanyalar hakkında tarafıma e-posta ile bilgilendirme yapılması,",
          "Hizmetin sunulması amacıyla verilerimin Avrupa Birliği'ndeki europe-west1 (Belçika) bölgesinde bulunan Google Cloud / Firebase bulut altyapısına aktarılması ve orada saklanması.",
        ),
      ],
    },
    {
      title: "2. Rızanın Geri Alınması",
      blocks: [
        p(
          `Bu açık rızamı dilediğim zaman Hesabım sayfasındaki 'Hesabımı Sil' düğmesiyle ya da ${site.contactEmail} adresine yazarak geri alabileceğimi, geri almanın ileriye dönük sonuç doğuracağını ve talebimin en geç 30 gün içinde sonuçlandırılacağını biliyorum.`,
        ),
        p(
          "Açık rızamı geri almam hâlinde, profilimin herkese açık gösterilmesi ve ekip çalışması gibi hizmetin temel unsurlarından yararlanamayabileceğimi kabul ediyorum.",
        ),
      ],
    },
  ],
};
