import { Link } from "react-router-dom";

export function ThankYouPage() {
  return (
    <main className="page" lang="pt-BR">
      <title>Obrigado! · Questionário RMJ</title>
      <div className="page-card">
        <div className="page-emoji" aria-hidden="true">🎉</div>
        <h1>Muito Obrigado!</h1>
        <p>Suas respostas foram enviadas com sucesso. Em breve entraremos em contato.</p>
        <p className="page-tip">💡 Dica: siga nossos canais oficiais para receber dicas sobre a revalidação do seu diploma.</p>
        <Link className="button button-primary" to="/">Voltar ao Início</Link>
      </div>
    </main>
  );
}
